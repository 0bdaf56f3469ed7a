/**
 * Keystroke filters (SPEC.md §5): what a field lets the user type. Each takes the field's whole new text
 * and returns it with the characters the field does not accept removed, so it works the same on a key
 * press and on a paste. They only guide the user: the server checks the value again with the rules in
 * rules.ts.
 */

// Letters of any script, so Hungarian, German or other names of patients are not mangled; \p{M} keeps a
// combining accent that NFC could not fold into its letter.
const NOT_LETTER_OR_SPACE = /[^\p{L}\p{M} ]/gu;
const NOT_NAME_CHARACTER = /[^\p{L}\p{M} -]/gu;
const ANY_WHITESPACE = /\s/gu;
const NOT_DIGIT_OR_PLUS = /[^0-9+]/g;
const NOT_DIGIT_OR_SLASH = /[^0-9/]/g;

// NFC turns a decomposed 's' + comma below (as some keyboards and macOS pastes produce) into 'ș', so the
// stored text has one spelling; tabs and non-breaking spaces from a paste become plain spaces rather than
// gluing two words together.
function canonical(text: string): string {
  return text.normalize('NFC').replace(ANY_WHITESPACE, ' ');
}

/** SPEC.md §5 alpha filter: keeps letters (Romanian ăâîșț and the cedilla forms şţ included) and spaces. */
export function alphaFilter(text: string): string {
  return canonical(text).replace(NOT_LETTER_OR_SPACE, '');
}

/**
 * Like alphaFilter but also keeps the hyphen, for name fields: SPEC's alpha filter would make a double
 * name such as 'Popescu-Ionescu' impossible to type, while the alpha rule accepts it.
 */
export function nameFilter(text: string): string {
  return canonical(text).replace(NOT_NAME_CHARACTER, '');
}

/** SPEC.md §5 digits filter: keeps the ASCII digits and '+' (phone numbers such as +40722123456). */
export function digitsFilter(text: string): string {
  return text.replace(NOT_DIGIT_OR_PLUS, '');
}

/** SPEC.md §5 card_expiration filter: keeps the ASCII digits and '/' (e.g. 12/27). */
export function cardExpirationFilter(text: string): string {
  return text.replace(NOT_DIGIT_OR_SLASH, '');
}

/** SPEC.md §3/§5: a phone number is saved with its spaces (any whitespace) removed. */
export function stripSpaces(phone: string): string {
  return phone.replace(ANY_WHITESPACE, '');
}
