// Saving a file the API answers (hand histories): fetched with the bearer token, as a link cannot carry
// the Authorization header, then handed to the browser as a Blob with a file name.
import { api, type Query } from "./api";

export async function download(path: string, query: Query, filename: string): Promise<void> {
  const blob = await api.blob(path, query);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
