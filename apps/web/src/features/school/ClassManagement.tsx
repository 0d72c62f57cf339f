export function ClassManagement() {
  return null;
}
