// The HTML named character references of printable ASCII and Latin-1, by character: what a page or
// a serializer (PHP's htmlentities, template engines) may write instead of the character. `legacy`
// names are also read without their semicolon, as browsers do. Characters beyond Latin-1 are
// recognised by their numeric references only. Pure.

const ASCII: Record<string, string[]> = {
  '\t': ['Tab'],
  '\n': ['NewLine'],
  '!': ['excl'],
  '"': ['quot', 'QUOT'],
  '#': ['num'],
  $: ['dollar'],
  '%': ['percnt'],
  '&': ['amp', 'AMP'],
  "'": ['apos'],
  '(': ['lpar'],
  ')': ['rpar'],
  '*': ['ast', 'midast'],
  '+': ['plus'],
  ',': ['comma'],
  '.': ['period'],
  '/': ['sol'],
  ':': ['colon'],
  ';': ['semi'],
  '<': ['lt', 'LT'],
  '=': ['equals'],
  '>': ['gt', 'GT'],
  '?': ['quest'],
  '@': ['commat'],
  '[': ['lsqb', 'lbrack'],
  '\\': ['bsol'],
  ']': ['rsqb', 'rbrack'],
  '^': ['Hat'],
  _: ['lowbar', 'UnderBar'],
  '`': ['grave', 'DiacriticalGrave'],
  '{': ['lcub', 'lbrace'],
  '|': ['verbar', 'vert', 'VerticalLine'],
  '}': ['rcub', 'rbrace'],
};

/** U+00A0 to U+00FF in order: HTML 4's Latin-1 names, every one also read without its semicolon. */
const LATIN1 = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 ' +
  'sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc ' +
  'Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve ' +
  'Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute ' +
  'acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ' +
  'ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');

const LEGACY = new Set(['quot', 'QUOT', 'amp', 'AMP', 'lt', 'LT', 'gt', 'GT', ...LATIN1]);

export interface NamedReference {
  name: string;
  /** Read without its semicolon too. */
  legacy: boolean;
}

/** The names a character may be written by (`&name;`), none for most characters. */
export function namedReferences(char: string): NamedReference[] {
  const code = char.codePointAt(0)!;
  const names = ASCII[char] ?? (code >= 0xa0 && code <= 0xff ? [LATIN1[code - 0xa0]!] : []);
  return names.map((name) => ({ name, legacy: LEGACY.has(name) }));
}

/** The names of the ASCII characters, for reading references back into characters. */
export function asciiReferences(): (NamedReference & { char: string })[] {
  return Object.entries(ASCII).flatMap(([char, names]) =>
    names.map((name) => ({ name, char, legacy: LEGACY.has(name) })),
  );
}

/** The names read without their semicolon too. */
export function legacyNames(): string[] {
  return [...LEGACY];
}
