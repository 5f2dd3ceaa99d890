/** Where the store lives: a SQLite file (the desktop's default) or a PostgreSQL database named by URL. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}
