/** Numbers as spoken words ("21.5" → "twenty one point five"), for grammars and test audio. */
const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function integer(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? ` ${ONES[n % 10]}` : '');
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${integer(n % 100)}` : ''}`;
  return String(n);
}

export function numberToWords(n: number): string {
  if (!Number.isFinite(n) || n < 0) return String(n);
  const whole = Math.floor(n);
  const frac = String(n).split('.')[1];
  return frac
    ? `${integer(whole)} point ${Array.from(frac, (d) => ONES[Number(d)]).join(' ')}`
    : integer(whole);
}
