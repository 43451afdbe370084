/**
 * Unicode's bidirectional formatting characters (UAX #9): the embeddings and overrides U+202A–U+202E, the
 * isolates U+2066–U+2069, and the marks U+200E, U+200F and U+061C. Inside a name they only ever reorder what
 * is shown: `invoice\u202Efdp.exe` reads as "invoiceexe.pdf" (issue 27). Names keep their right-to-left
 * letters, which order themselves without these.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** A name as it may be shown: every name a reader sets or a file brings passes here before it is stored. */
export function stripBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}

export const hasBidiControls = (text: string): boolean => new RegExp(BIDI_CONTROLS.source).test(text);
