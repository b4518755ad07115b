// Where the product's users are: decides which privacy law applies (GDPR for the EU,
// HIPAA/COPPA/FERPA for the US, ...) and which local payment methods matter.
import { escapeRegExp } from "../text-utils";

export interface Region {
  eu: boolean;
  us: boolean;
  uk: boolean;
  canada: boolean;
  brazil: boolean;
  /** Countries named or implied by a city, e.g. Lisbon → Portugal. */
  countries: string[];
  /** True when nothing says where users are; writers then ask or hedge. */
  unknown: boolean;
}

const EU_COUNTRIES = [
  "Austria", "Belgium", "Bulgaria", "Croatia", "Cyprus", "Czechia", "Czech Republic", "Denmark", "Estonia", "Finland",
  "France", "Germany", "Greece", "Hungary", "Ireland", "Italy", "Latvia", "Lithuania", "Luxembourg", "Malta",
  "Netherlands", "Poland", "Portugal", "Romania", "Slovakia", "Slovenia", "Spain", "Sweden",
];

const EU_CITIES: Record<string, string> = {
  Lisbon: "Portugal", Lisboa: "Portugal", Porto: "Portugal", München: "Germany", Köln: "Germany", Wien: "Austria",
  Praha: "Czechia", Warszawa: "Poland", Bruxelles: "Belgium", Milano: "Italy", Roma: "Italy", Sevilla: "Spain", Braga: "Portugal", Coimbra: "Portugal", Faro: "Portugal",
  Madrid: "Spain", Barcelona: "Spain", Valencia: "Spain", Seville: "Spain",
  Paris: "France", Lyon: "France", Marseille: "France",
  Berlin: "Germany", Munich: "Germany", Hamburg: "Germany", Frankfurt: "Germany", Cologne: "Germany",
  Amsterdam: "Netherlands", Rotterdam: "Netherlands", Utrecht: "Netherlands",
  Brussels: "Belgium", Antwerp: "Belgium", Vienna: "Austria", Rome: "Italy", Milan: "Italy", Naples: "Italy",
  Dublin: "Ireland", Copenhagen: "Denmark", Stockholm: "Sweden", Helsinki: "Finland", Warsaw: "Poland",
  Krakow: "Poland", Prague: "Czechia", Budapest: "Hungary", Athens: "Greece", Tallinn: "Estonia", Riga: "Latvia",
  Vilnius: "Lithuania", Bucharest: "Romania", Sofia: "Bulgaria", Zagreb: "Croatia", Ljubljana: "Slovenia",
};

const US_CITIES = [
  "New York", "San Francisco", "Los Angeles", "Chicago", "Boston", "Seattle", "Austin", "Houston", "Dallas",
  "Miami", "Atlanta", "Denver", "Portland", "Philadelphia", "Phoenix", "San Diego",
];
const US_STATES = ["California", "Texas", "Florida", "Massachusetts", "Washington State", "Illinois", "Ohio", "Georgia", "Colorado", "Oregon", "Arizona"];

const has = (text: string, word: string, flags = "i") =>
  new RegExp(`(?<![A-Za-z])${escapeRegExp(word)}(?![A-Za-z])`, flags).test(text);

export function detectRegion(text: string): Region {
  const countries = new Set<string>();
  for (const c of EU_COUNTRIES) if (has(text, c)) countries.add(c === "Czech Republic" ? "Czechia" : c);
  for (const [city, country] of Object.entries(EU_CITIES)) if (has(text, city, "")) countries.add(country);
  const eu = countries.size > 0 || /\b(EU|E\.U\.|European Union|Europe|European|GDPR|EEA)\b/.test(text);
  const us =
    /\b(US|U\.S\.|USA|United States|American|HIPAA|COPPA|FERPA|CCPA)\b/.test(text) ||
    US_CITIES.some((c) => has(text, c, "")) ||
    US_STATES.some((s) => has(text, s, ""));
  if (us) countries.add("United States");
  const uk = /\b(UK|U\.K\.|United Kingdom|Britain|British|England|Scotland|Wales|London|Manchester)\b/.test(text);
  if (uk) countries.add("United Kingdom");
  const canada = /\b(Canada|Canadian|Toronto|Vancouver|Montr[eé]al|Qu[eé]bec|Ottawa|Calgary|PIPEDA)\b/.test(text);
  if (canada) countries.add("Canada");
  const brazil = /\b(Brazil|Brasil|São Paulo|Sao Paulo|Rio de Janeiro|LGPD)\b/.test(text);
  if (brazil) countries.add("Brazil");
  return {
    eu,
    us,
    uk,
    canada,
    brazil,
    countries: [...countries],
    unknown: !eu && !us && !uk && !canada && !brazil && countries.size === 0,
  };
}
