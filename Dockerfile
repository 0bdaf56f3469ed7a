# syntax=docker/dockerfile:1
# Odonto in a container (README, "Operating Odonto"):
#   docker build -t odonto .
#   docker run -d --name odonto -p 3000:3000 -v odonto-data:/data --stop-timeout 15 \
#     -e PUBLIC_URL=https://odonto.clinica.ro odonto
ARG NODE_VERSION=24

# Build: every dependency (the web build needs Vite, the server build esbuild; better-sqlite3 may compile,
# so the full image with python3, make and g++), the web app and the server, then the development
# dependencies pruned away.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime: the server's build (apps/server/dist, plain JavaScript with source maps; docs/decisions/0042),
# with the production dependencies built above (same Debian release and Node version, so the native
# modules fit) and the built web app. apps/server keeps its sources: the command-line tools (npm run
# backup, restore, create-admin) run them through tsx, a production dependency, and the HEIC worker runs
# from its source file.
FROM node:${NODE_VERSION}-bookworm-slim
# postgresql-client: pg_dump and pg_restore (15) for `npm run backup` / `npm run restore` on PostgreSQL.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini postgresql-client \
  && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX: as npm start's launcher sets it (scripts/start.mjs), for parallel image uploads.
ENV NODE_ENV=production \
  MALLOC_ARENA_MAX=2 \
  ODONTO_DATA_DIR=/data \
  HOST=0.0.0.0 \
  PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/domain ./packages/domain
COPY --from=build /app/apps/server ./apps/server
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The data dir belongs to the unprivileged user; a new named volume starts as a copy of it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# docker stop sends SIGTERM: tini passes it to the server, which drains within 10 s and exits 0
# (give docker stop 15 s: --stop-timeout 15, or stop_grace_period: 15s in Compose).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# tini is PID 1: it passes signals on and reaps children. The server is started directly (not through
# npm start's launcher): the web app and the server are already built and tini already does the
# launcher's work.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
