// The operator dashboard's entry point: /operator (web/static/operator.html).
import { render } from "preact";
import { App } from "./app";
import "./operator.css";

render(<App />, document.getElementById("app")!);
