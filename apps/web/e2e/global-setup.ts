import type { TestProject } from 'vitest/node';
import { startEasyPostFake, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const easypost = await startEasyPostFake();
  const server = await startServer({ EASYPOST_API_URL: easypost.url });
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
    await easypost.stop();
  };
}
