// The operator dashboard's entry point (placeholder until the dashboard lands).
import { render } from "preact";

render(<main>Tavolo · Operator</main>, document.getElementById("app")!);
