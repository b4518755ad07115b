// Languages a product's screens may speak, by name, with their ISO 639-1 codes.
/** UI languages and their ISO 639-1 codes: a locale is never the name's first letters (Welsh is `cy`). */
export const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  English: "en", German: "de", French: "fr", Spanish: "es", Portuguese: "pt", Italian: "it", Dutch: "nl", Polish: "pl",
  Swedish: "sv", Danish: "da", Norwegian: "nb", Finnish: "fi", Czech: "cs", Slovak: "sk", Slovenian: "sl", Croatian: "hr",
  Serbian: "sr", Bulgarian: "bg", Greek: "el", Turkish: "tr", Arabic: "ar", Hebrew: "he", Chinese: "zh", Japanese: "ja",
  Korean: "ko", Hindi: "hi", Russian: "ru", Ukrainian: "uk", Romanian: "ro", Hungarian: "hu", Catalan: "ca", Basque: "eu",
  Galician: "gl", Welsh: "cy", Irish: "ga", Gaelic: "gd", Estonian: "et", Latvian: "lv", Lithuanian: "lt", Icelandic: "is",
  Maltese: "mt", Vietnamese: "vi", Thai: "th", Indonesian: "id", Malay: "ms", Swahili: "sw", Persian: "fa", Urdu: "ur",
  Bengali: "bn", Tamil: "ta",
};

export function localeCode(language: string): string {
  return LANGUAGE_CODES[language] ?? language.slice(0, 2).toLowerCase();
}

/** Whether a sentence names the language, however it is capitalised ("portuguese only"). */
export const saysLanguage = (sentence: string, language: string): boolean => new RegExp(`\\b${language}\\b`, "i").test(sentence);
