// What every page of the dashboard may reach: who is logged in, the live feed and what it logged.
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { LiveFeed } from "./live";
import type { LiveLog } from "./live_log";
import type { Me } from "./types";

export interface Dashboard {
  me: Me;
  feed: LiveFeed;
  log: LiveLog;
}

export const DashboardContext = createContext<Dashboard | null>(null);

export function useDashboard(): Dashboard {
  const dashboard = useContext(DashboardContext);
  if (!dashboard) throw new Error("useDashboard outside the dashboard");
  return dashboard;
}
