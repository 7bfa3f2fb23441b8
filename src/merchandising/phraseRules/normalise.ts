/**
 * The phrase a rule is matched on: as search-page reads `q` (trimmed, whitespace runs made one space), in
 * lower case. Diacritics are kept as the visitor typed them: "skor" and "skör" are different words in Swedish.
 */
export const normalisePhrase = (phrase: string): string => phrase.trim().replace(/\s+/g, ' ').toLowerCase();
