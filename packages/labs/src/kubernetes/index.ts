export { KubernetesDriver, type KubernetesDriverOptions } from './kube-driver';
export { kubeConfigFromEnv, kubernetesDriverFromEnv, kubernetesOptionsFromEnv } from './from-env';
export type { KubernetesImages, MqttBroker } from './objects';
