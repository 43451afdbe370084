import { featureModule, type FeatureModule } from '../../platform/feature-module.js';
import { healthRoutes, type HealthDeps } from './health.routes.js';

export function healthModule(deps: HealthDeps): FeatureModule {
  return featureModule({ name: 'health', routes: [healthRoutes(deps)] });
}
