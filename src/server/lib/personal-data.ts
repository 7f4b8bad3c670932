/**
 * What looks like an e-mail address inside free text (an SMTP server's refusal quoting the recipient, an error a
 * phone reports): the one pattern the log's last guard (`lib/log.ts`) and the phone-error scrubber
 * (`client-errors/scrub.ts`) both replace. It asks for a top-level domain of letters, so a package's version
 * (`vite@8.3.4`) in a stack trace is not taken for an address. Global: use it with `replace`, not `test`.
 */
export const EMAIL_IN_TEXT = /[\w.+%-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b/gi;
