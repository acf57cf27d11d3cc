import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.base';

export default defineConfig(packageBuild(import.meta.dirname, { entry: ['src/index.ts', 'src/ai-sdk.ts'] }));
