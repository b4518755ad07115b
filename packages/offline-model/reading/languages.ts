// Languages a product's screens may speak, by name, with their ISO 639-1 codes.
/** UI languages and their ISO 639-1 codes: a locale is never the name's first letters (Welsh is `cy`). */
export const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  English: "en", German: "de", French: "fr", Spanish: "es", Portuguese: "pt", Italian: "it", Dutch: "nl", Polish: "pl",
  Swedish: "sv", Danish: "da", Norwegian: "nb", Finnish: "fi", Czech: "cs", Slovak: "sk", Slovenian: "sl", Croatian: "hr",
  Serbian: "sr", Bulgarian: "bg", Greek: "el", Turkish: "tr", Arabic: "ar", Hebrew: "he", Chinese: "zh", Japanese: "ja",
  Korean: "ko", Hindi: "hi", Russian: "ru", Ukrainian: "uk", Romanian: "ro", Hungarian: "hu", Catalan: "ca", Basque: "eu",
  Galician: "gl", Welsh: "cy", Irish: "ga", Gaelic: "gd", Estonian: "et", Latvian: "lv", Lithuanian: "lt", Icelandic: "is",
  Maltese: "mt", Vietnamese: "vi", Thai: "th", Indonesian: "id", Malay: "ms", Swahili: "sw", Persian: "fa", Urdu: "ur",
  Bengali: "bn", Tamil: "ta", Valencian: "ca", Tagalog: "tl", Somali: "so", Amharic: "am", Punjabi: "pa", Kurdish: "ku",
};

export function localeCode(language: string): string {
  return LANGUAGE_CODES[language] ?? language.slice(0, 2).toLowerCase();
}

/** Whether a sentence names the language, however it is capitalised ("portuguese only"). */
export const saysLanguage = (sentence: string, language: string): boolean => new RegExp(`\\b${language}\\b`, "i").test(sentence);

// The commonest small words of the languages people mix into English, which English never uses, and English's own (words these languages share, "a", "an", "in", "on", "per", left out).
const OTHER_SMALL_WORDS = new Set(["ich", "wir", "und", "der", "die", "das", "ein", "eine", "einen", "nicht", "ist", "sind", "mit", "für", "je", "nous", "vous", "le", "les", "et", "est", "une", "des", "du", "avec", "pour", "el", "los", "las", "y", "una", "somos", "con", "para", "por", "het", "een", "wij", "zijn", "niet", "il", "di", "che", "sono", "och", "jag", "vi", "är"]);
const ENGLISH_SMALL_WORDS = new Set(["the", "and", "is", "are", "we", "our", "of", "to", "for", "with", "they", "it", "this", "that", "be", "can", "will", "not", "at", "by", "from", "have", "has", "who", "which", "what", "my", "you"]);

/** "Ich leite einen Laienchor in Freiburg": a clause in another language, which this reader cannot read (loanwords in English are read). */
export function isForeign(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return words.filter((w) => OTHER_SMALL_WORDS.has(w)).length >= 2 && !words.some((w) => ENGLISH_SMALL_WORDS.has(w));
}
