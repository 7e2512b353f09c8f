/** The part of pdfmake 0.3's server API (CommonJS, `module.exports = new pdfmake()`) the invoices use. */
declare module 'pdfmake' {
  type FontFiles = { normal: string; bold: string; italics: string; bolditalics: string };
  const pdfmake: {
    virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(definition: Record<string, unknown>): { getBuffer(): Promise<Buffer> };
  };
  export default pdfmake;
}
