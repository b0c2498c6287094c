/**
 * The home page's fixed timeline (spec: six highlights, fixed text). Every sentence restates facts recorded in
 * the archive's own data (backend/src/archive-import/data/years.json); nothing is added.
 */
export const TIMELINE = [
  {
    year: 1958,
    title: 'Alice Babs – ”Lilla stjärna”',
    text: 'Här börjar arkivets berättelse. Ingen offentlig final hölls: Sveriges Radio och SKAP valde bidraget internt, och i Eurovision slutade det på fjärde plats.',
  },
  {
    year: 1974,
    title: 'ABBA – ”Waterloo”',
    text: 'ABBA vann finalen i TV-huset i Stockholm och tog sedan Sveriges första seger i Eurovision Song Contest, i Brighton.',
  },
  {
    year: 1991,
    title: 'Carola – ”Fångad av en stormvind”',
    text: 'Segern på Malmö Stadsteater följdes av vinst i Eurovision i Rom – Sveriges tredje, efter ABBA 1974 och Herreys 1984.',
  },
  {
    year: 1999,
    title: 'Charlotte Nilsson – ”Tusen och en natt”',
    text: 'Vann i Victoriahallen i Stockholm. I Jerusalem sjöngs låten på engelska som ”Take Me to Your Heaven” och gav Sverige dess fjärde Eurovision-seger.',
  },
  {
    year: 2012,
    title: 'Loreen – ”Euphoria”',
    text: 'Loreen vann i Globen i Stockholm och sedan hela Eurovision i Baku – Sveriges femte seger.',
  },
  {
    year: 2023,
    title: 'Loreen – ”Tattoo”',
    text: 'Vinst i Friends Arena i Solna och därefter i Eurovision i Liverpool: Loreens andra seger och Sveriges sjunde totalt.',
  },
] as const;
