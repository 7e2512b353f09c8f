# Production image of Affilux: the API server (npm start) and, with another command, the
# projections runner (npm run projections). Used by docker-compose.yml.
FROM node:20-bookworm-slim

WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when dependencies change.
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY backend/package.json backend/
COPY projections/package.json projections/
COPY admin-ui/package.json admin-ui/
COPY affiliate-ui/package.json affiliate-ui/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund

COPY . .
# Builds both front ends (served by the API server), then drops the build-only dependencies.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && mkdir -p /app/.data && chown node:node /app/.data

ENV NODE_ENV=production \
    DATA_DIR=/app/.data \
    PORT=3000
USER node
EXPOSE 3000
CMD ["npm", "start"]
