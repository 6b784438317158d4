/** Where the session token is kept in the browser (spec §4). */
export const TOKEN_KEY = 'token';
