import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
/** A schema of the document by name, e.g. `Schema<'Shipment'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
/** The failure envelope every operation answers on failure: `{isSuccess: false, message, code, errors?}`. */
export type ApiFailure = components['schemas']['ApiFailure'];
export type PostwiseClient = Client<paths>;

export interface PostwiseClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the API runs, e.g. `https://app.postwise.example` (the paths in the document start with `/api`). */
  baseUrl: string;
  /** An API key (`pw_live_…`), sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Or a session token from `POST /api/v1/auths/login`, sent in the `x-access-Token` header. */
  accessToken?: string;
}

/**
 * A typed client of the Postwise API (openapi-fetch over the generated `paths`): every call is checked against the
 * document at compile time, and answers `{ data }` (the success envelope) or `{ error }` (the failure envelope).
 */
export function createPostwiseClient({ baseUrl, apiKey, accessToken, headers, ...options }: PostwiseClientOptions) {
  return createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: {
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
      ...(accessToken ? { 'x-access-Token': accessToken } : {}),
      ...headers,
    },
  });
}
