// The two bare baselines the shop is measured against, on the same data and machine:
// - static: node:http serving a saved copy of the home page's HTML (the most a Node process can do for that page);
// - driver: node:http answering GET /carparts/{id} straight from the mongodb driver.
import http from "node:http";
import mongoose from "mongoose";

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export function startStaticBaseline(html, port) {
  const body = Buffer.from(html);
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  return listen(server, port);
}

export async function startDriverBaseline(uri, port) {
  const client = new mongoose.mongo.MongoClient(uri, { maxPoolSize: 20 });
  await client.connect();
  const parts = client.db().collection("parts");
  const server = http.createServer(async (req, res) => {
    const match = /^\/carparts\/([0-9a-f]{24})$/.exec(req.url ?? "");
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    try {
      const part = await parts.findOne({ _id: new mongoose.mongo.ObjectId(match[1]) });
      const body = JSON.stringify({ result: part });
      res.writeHead(part ? 200 : 404, { "content-type": "application/json" });
      res.end(body);
    } catch {
      res.writeHead(503).end();
    }
  });
  server.on("close", () => client.close());
  return listen(server, port);
}

// Run as its own process (node baselines.mjs static <port> <html-file> | driver <port> <mongodb-uri>),
// so npm run bench can pin it to the server core, away from the load generator.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [kind, portText, arg] = process.argv.slice(2);
  const port = Number(portText);
  const { readFileSync } = await import("node:fs");
  const server = kind === "static" ? await startStaticBaseline(readFileSync(arg, "utf8"), port) : await startDriverBaseline(arg, port);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
