# One image for both processes: `npm run api` (default) or `npm run worker`.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared-types/package.json shared-types/
COPY sandbox/package.json sandbox/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
# Dev dependencies are needed to build the web app and the worker's bundle, and to run the api's TypeScript with tsx.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 3000
CMD ["npm", "run", "api"]
