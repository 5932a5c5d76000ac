# syntax=docker/dockerfile:1
#
# The Developer Portal as a container image: Node builds the static site, an unprivileged
# nginx serves it with deploy/nginx/default.conf (README.md, "Deploying").
#
#   docker build -t developer-portal .
#   docker run --rm -p 8080:8080 developer-portal
#
# Build-time settings (handbook/deploying.md, "Environment variables") are build arguments, e.g.
#   docker build --build-arg PORTAL_URL=https://developer.example.com -t developer-portal .

FROM node:20-bookworm-slim AS build
# Chromium draws the Mermaid diagrams into the pages at build time (PORTAL_MERMAID=build);
# git gives each doc its "Last updated" date when the build context carries .git.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium git ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV CHROME_PATH=/usr/bin/chromium \
    PORTAL_MERMAID=build
WORKDIR /portal
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG PORTAL_URL
ARG PORTAL_CONTACT_PHONE_LV
ARG PORTAL_CONTACT_PHONE_EE
ARG PORTAL_CONTACT_SALES_EMAIL
ARG PORTAL_COMPANY_URL
ARG PORTAL_COMPANY_ABOUT_URL
ARG PORTAL_REPO_URL
ARG PORTAL_REPO_BRANCH
# An unset argument is an empty variable, which the site's config treats as unset (placeholder).
RUN npm run build \
 # Precompressed copies for gzip_static: nginx sends them without compressing per request.
 && find build -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.json' \
      -o -name '*.svg' -o -name '*.xml' -o -name '*.txt' -o -name '*.yaml' \) -size +1k \
      -exec gzip -9 --keep --no-name {} +

FROM nginxinc/nginx-unprivileged:1.28-alpine
# The site's server block replaces the image's default one; the build writes the two files it
# includes (inline-script hashes for the Content-Security-Policy, redirects).
COPY deploy/nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /portal/generated/nginx/ /etc/nginx/portal/
COPY --from=build /portal/build/ /usr/share/nginx/html/
# The image's unprivileged user (uid 101): nginx needs no root to listen on 8080.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD wget --quiet --spider http://127.0.0.1:8080/ || exit 1
