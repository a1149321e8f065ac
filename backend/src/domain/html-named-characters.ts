// The HTML named character references Goalie reads back into characters: those of printable ASCII
// and Latin-1, and of the other characters of windows-1252 (curly quotes, dashes, €): what a page or
// a serializer (PHP's htmlentities, template engines) may write instead of the character. `legacy`
// names are also read without their semicolon, as browsers do. Other characters are recognised by
// their numeric references only. Pure.

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

/** The rest of windows-1252, which pages in Western languages write by name. */
const WINDOWS_1252: Record<string, string> = {
  '€': 'euro',
  '‚': 'sbquo',
  ƒ: 'fnof',
  '„': 'bdquo',
  '…': 'hellip',
  '†': 'dagger',
  '‡': 'Dagger',
  ˆ: 'circ',
  '‰': 'permil',
  Š: 'Scaron',
  '‹': 'lsaquo',
  Œ: 'OElig',
  Ž: 'Zcaron',
  '‘': 'lsquo',
  '’': 'rsquo',
  '“': 'ldquo',
  '”': 'rdquo',
  '•': 'bull',
  '–': 'ndash',
  '—': 'mdash',
  '˜': 'tilde',
  '™': 'trade',
  š: 'scaron',
  '›': 'rsaquo',
  œ: 'oelig',
  ž: 'zcaron',
  Ÿ: 'Yuml',
};

const LEGACY = new Set(['quot', 'QUOT', 'amp', 'AMP', 'lt', 'LT', 'gt', 'GT', ...LATIN1]);

/** Every name with its character. */
const BY_NAME = new Map<string, string>([
  ...Object.entries(ASCII).flatMap(([char, names]) => names.map((name): [string, string] => [name, char])),
  ...LATIN1.map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries(WINDOWS_1252).map(([char, name]): [string, string] => [name, char]),
]);

/** The longest name (a reference is read no further). */
export const LONGEST_NAME = Math.max(...[...BY_NAME.keys()].map((name) => name.length));
/** The longest name read without its semicolon. */
export const LONGEST_LEGACY_NAME = Math.max(...[...LEGACY].map((name) => name.length));

/** The character `&name;` stands for, or undefined. */
export function characterOfName(name: string): string | undefined {
  return BY_NAME.get(name);
}

/** Whether `&name` is read without its semicolon too. */
export function isLegacyName(name: string): boolean {
  return LEGACY.has(name);
}
