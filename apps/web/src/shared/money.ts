/** An amount in fen as yuan with two decimals and grouping, in the words of `language`. */
export function yuanOf(fen: number, language: string): string {
  return (fen / 100).toLocaleString(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
