// The table part of the player client: TableView renders one table (poker or Poker Polacco) from the
// SDK's TableModel and, given a connection, lets the viewer act at it.
export { TableView, type TableViewProps } from "./table_view.js";
