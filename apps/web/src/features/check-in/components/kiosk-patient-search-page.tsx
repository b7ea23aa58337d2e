export function KioskPatientSearchPage() {
  return null;
}
