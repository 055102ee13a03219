// The player client's entry point (placeholder until the client lands).
import { render } from "preact";

render(<main>Tavolo</main>, document.getElementById("app")!);
