// The tournaments section: the list (#/tournaments), the creation form (#/tournaments/new) and one
// tournament (#/tournaments/ID).
import type { Route } from "./router";
import { TournamentDetail } from "./tournament_detail";
import { TournamentForm } from "./tournament_form";
import { TournamentList } from "./tournament_list";
import { ErrorMessage } from "./ui";

export function TournamentsPage({ route }: { route: Route }) {
  const [first] = route.parts;
  if (first === undefined) return <TournamentList stateFilter={route.query.get("state") ?? ""} />;
  if (first === "new") return <TournamentForm />;
  const id = Number(first);
  if (!Number.isSafeInteger(id) || id <= 0)
    return <ErrorMessage error={`"${first}" is not a tournament id: open one from the list.`} />;
  return <TournamentDetail key={id} id={id} />;
}
