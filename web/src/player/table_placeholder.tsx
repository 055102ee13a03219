// Stands in for the table view (./table/index.js, built on the web-table branch) until both branches
// are merged: the same props, the model shown as text.
import type { JSX } from "preact";
import type { TableModel, TavoloConnection } from "../../sdk/index.js";

export function TableView(props: { model: TableModel; conn: TavoloConnection | null; compact?: boolean }): JSX.Element {
  const { model } = props;
  return (
    <pre class="table-placeholder" data-testid="table-placeholder">
      {JSON.stringify(model.game, null, props.compact ? 0 : 1)}
    </pre>
  );
}
