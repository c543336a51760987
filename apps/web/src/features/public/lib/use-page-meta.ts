import { useEffect } from 'react';

/** What the build's prerender (src/entry-server.tsx) writes into the page's <head>; unused in the browser. */
export const pageMetaForServer: { description: string | null } = { description: null };

/**
 * Sets the page's meta description (the document title comes from the route table, see root-layout).
 * Search engines and link previews read it; each public page describes itself in one or two sentences.
 */
export function usePageMeta(description: string): void {
  // Effects do not run while prerendering: record the description for the prerendered <head> instead.
  if (typeof document === 'undefined') pageMetaForServer.description = description;
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
