export function RoleManagement() {
  return null;
}
