import { or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { prefixPattern } from '../../../db/prefix-search';
import { users } from '../schema/users';

/**
 * Search over e-mail, full name and last name, each a prefix match that the text_pattern_ops indexes on
 * users answer (users_email_pattern_idx, users_full_name_pattern_idx, users_last_name_pattern_idx).
 */
export function userSearch(search: string | undefined): SQL | undefined {
  const q = search?.trim();
  return q ? usersLike(prefixPattern(q)) : undefined;
}

/** What the account search matches, each the expression of its text_pattern_ops index. */
export const searchedExpressions = [
  sql`lower(${users.email})`,
  sql`lower(${users.fullName})`,
  sql`lower(${users.personal}->>'lastName')`,
];

function usersLike(pattern: string | Placeholder): SQL {
  return or(...searchedExpressions.map((expression) => sql`${expression} like ${pattern}`)) as SQL;
}

/**
 * The search of `userSearch` with the pattern as the placeholder `pattern` (bind `prefixPattern(search)`), for
 * lists whose statements are prepared once per shape of filters.
 */
export function userSearchPrepared(): SQL {
  return usersLike(sql.placeholder('pattern'));
}
