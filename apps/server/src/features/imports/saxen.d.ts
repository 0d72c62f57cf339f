/** The part of saxen's API the spreadsheet reader uses (saxen ships no types). */
declare module 'saxen' {
  export class Parser {
    on(
      event: 'openTag',
      handler: (
        elementName: string,
        attributes: () => Record<string, string | undefined>,
        decodeEntities: (text: string) => string,
        selfClosing: boolean,
      ) => void,
    ): this;
    /** Parses the whole text; throws on malformed XML. */
    parse(xml: string): Error | undefined;
  }
}
