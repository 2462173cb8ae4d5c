/** The dashboard of the viewed user (§2 Dashboard). Grows into the full board below. */
export function DashboardPage() {
  return <main data-testid="dashboard-page" />;
}
