# Souvenir in a container: built in one stage, run from a small one as a non-root user with its data in /data.
# Build: docker build -t souvenir .   (or podman build --format docker, which keeps HEALTHCHECK).
# Without a registry: scripts/container/build-local.sh. See docs/self-hosting.md.

# Any Node 20 image with a "node" user (uid 1000); scripts/container/build-local.sh makes one without a registry.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# Behind a proxy that re-signs TLS, npm needs its certificate authority for this stage only (never kept in the
# image): build with -v /path/ca.crt:/tmp/extra-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/tmp/extra-ca.crt
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
# The lockfile points the local model's GPU variants at this empty stand-in (they are not shipped).
COPY vendor ./vendor
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# What the server runs, and nothing else: no dev dependencies, and none of the optional peers some libraries
# name (test runners, TypeScript, drizzle-kit) that npm would otherwise keep because the full install had them.
FROM ${NODE_IMAGE} AS runtime-deps
ARG NODE_EXTRA_CA_CERTS
WORKDIR /app
COPY package.json package-lock.json ./
COPY vendor ./vendor
RUN npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Only what the server runs: its bundle, the built web app, the migrations it applies at start, the model
# files it reads, and the
# production dependencies (sharp's and PGlite's binaries come with them).
COPY --from=build /app/package.json ./package.json
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
# The learned crisis head's weights, read at start (src/server/understanding/models).
COPY --from=build /app/src/server/understanding/models ./src/server/understanding/models
# The faces the memory book is typeset in (src/server/modules/memories/book-fonts), read when a book is made.
COPY --from=build /app/src/server/modules/memories/book-fonts ./src/server/modules/memories/book-fonts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm, no shell), so SIGTERM reaches the server, which finishes its requests and closes.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
