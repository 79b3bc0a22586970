/** The calendar screen: every post of the active brand at a glance (being built; see issue 4). */
export function CalendarScreen() {
  return (
    <section aria-label="Calendar" className="calendar-screen">
      <p>Loading the calendar…</p>
    </section>
  );
}
