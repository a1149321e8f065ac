// Short and long forms of the words names are written with ("Max price" / "Maximum price", "Qty" /
// "Quantity", "Phone" / "Phone number"): a sentence may use one where the page shows the other.
// Data, one pair a line.
const PAIRS: [short: string, long: string][] = [
  ['max', 'maximum'],
  ['min', 'minimum'],
  ['qty', 'quantity'],
  ['amt', 'amount'],
  ['desc', 'description'],
  ['addr', 'address'],
  ['pwd', 'password'],
  ['tel', 'telephone'],
  ['msg', 'message'],
  ['info', 'information'],
  ['img', 'image'],
  ['pic', 'picture'],
  ['dob', 'date of birth'],
  ['dept', 'department'],
  ['org', 'organization'],
  ['ref', 'reference'],
  ['approx', 'approximately'],
  ['btn', 'button'],
  // A name said with its head noun or without it: "the phone number" where the form says "Phone".
  ['phone', 'phone number'],
  ['email', 'email address'],
  ['zip', 'zip code'],
  ['postcode', 'postal code'],
];

const OTHER = new Map<string, string>(
  PAIRS.flatMap(([short, long]) => [
    [short, long],
    [long, short],
  ]),
);
const WORDS = new RegExp(`\\b(${[...OTHER.keys()].sort((a, b) => b.length - a.length).join('|')})\\b\\.?`, 'gi');

/** The name with each short form written long and each long form short; the name itself when it has none. */
export function otherForm(name: string): string {
  return name.replace(WORDS, (word: string, bare: string) => {
    const other = OTHER.get(bare.toLowerCase())!;
    return /^[A-Z]/.test(word) ? other[0]!.toUpperCase() + other.slice(1) : other;
  });
}
