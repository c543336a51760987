import type { MailSearchMatch } from '@postwise/shared/mail-api';

/**
 * Where a search matched inside the scan or on the envelope: the words around it, the searched words marked. The
 * API answers plain parts (never markup), so each is a text node and a read letter cannot inject anything.
 */
export function SearchMatch({ match }: { match: MailSearchMatch }) {
  return (
    <p className="line-clamp-2 text-xs text-muted-foreground" data-testid="mail-row-match">
      <span className="font-medium text-foreground">
        {match.source === 'scan' ? 'In the scan: ' : 'On the envelope: '}
      </span>
      {match.parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-warning-soft px-0.5 font-semibold text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
