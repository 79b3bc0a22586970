/*
 * shared/ runs in every runtime, so it is checked against the ES library alone (no DOM, no Node).
 * The one host type it names: the File a user drops on the window (`WindowApi.fileToken`), of
 * which nothing is read here.
 */
interface File {
  readonly name: string;
}
