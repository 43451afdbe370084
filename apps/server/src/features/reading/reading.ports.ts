/**
 * What reading progress asks of other features; app.ts passes their modules' answers in, so reading imports
 * neither cloud drives nor books.
 */
export interface ReadingPorts {
  /** The file when the reader may see it; otherwise throws the drives' 404 "File not found". */
  visibleFile(userId: string, fileId: string): Promise<{ id: string; name: string }>;
  /** For each range of days (in `timeZone`), how many of the reader's books were read on one of them. */
  countReadBooks(
    userId: string,
    ranges: readonly { startDate: string; endDate: string }[],
    timeZone: string,
  ): Promise<number[]>;
}
