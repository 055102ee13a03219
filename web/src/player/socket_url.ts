// Where the server's WebSocket is: the page's own host, wss:// when the page came over https.
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`;
}
