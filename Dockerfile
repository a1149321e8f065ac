# Goalie in a container: `goalie serve` (API, dashboard, scheduler, and a worker unless
# GOALIE_CONCURRENCY=0) or `goalie worker`. Node 20 and Debian's Chromium, as the test suite uses
# them; runs as the unprivileged user `goalie`. See docs/deploy.md.
#
#   docker build -t goalie .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… goalie serve
#   docker run -e DATABASE_URL=postgres://… goalie worker
FROM node:20-bookworm-slim

# Chromium for the worker; fonts so pages render text as on a desktop; tini reaps Chromium's
# child processes and passes SIGTERM on to Node, which shuts down gracefully.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation fonts-noto-color-emoji ca-certificates tini \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.json ./
COPY bin ./bin
COPY backend ./backend
COPY shared ./shared
COPY actions ./actions
COPY gitlab-ci-templates ./gitlab-ci-templates

# The prebuilt bundles of the client and the server commands (bin/client-bundle.js,
# bin/server-bundle.js), while /app is still writable: the server never runs through tsx here.
RUN node bin/goalie.js --version && node bin/goalie.js --help > /dev/null
RUN useradd --create-home --uid 10001 goalie && mkdir -p /data && chown goalie /data
USER goalie

ENV GOALIE_HOME=/data \
    GOALIE_CHROMIUM_PATH=/usr/bin/chromium \
    GOALIE_DEMO_PORT=off \
    PORT=8080
EXPOSE 8080
VOLUME /data

ENTRYPOINT ["/usr/bin/tini", "--", "node", "bin/goalie.js"]
CMD ["serve"]
