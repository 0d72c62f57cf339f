export function SchoolProfile() {
  return null;
}
