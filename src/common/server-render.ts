/**
 * The cookies through which the client tells the server what it keeps in localStorage and the server cannot read
 * (docs/decisions/022): the shop's language and whether the visitor passed the age gate. The server renders the
 * first screen accordingly; without them, in English with the age gate.
 */
export const SSR_COOKIES = { lang: 'leafcup_lang', visited: 'leafcup_visited' } as const;
