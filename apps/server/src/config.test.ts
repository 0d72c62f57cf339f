import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      seedPassword: 'Demo_123456',
      webClientId: 'platform-web',
      webClientSecret: 'platform-web-secret',
      deviceCookieSecret: undefined,
    });
  });

  it('reads the variables', () => {
    const c = loadConfig({
      PORT: '9000',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/d',
      PUBLIC_URL: 'https://labs.example.edu/',
      SEED_PASSWORD: 'Other_pass1',
      DEVICE_COOKIE_SECRET: 'x'.repeat(32),
    });
    expect(c).toMatchObject({
      deviceCookieSecret: 'x'.repeat(32),
      port: 9000,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/d',
      publicUrl: 'https://labs.example.edu',
      seedPassword: 'Other_pass1',
    });
  });

  it('names each bad variable and its rule', () => {
    const bad = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PUBLIC_URL: 'not a url',
      SEED_PASSWORD: 'short',
      DEVICE_COOKIE_SECRET: 'too-short',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toMatch(/^Invalid configuration:/);
      expect(msg).toMatch(/PORT: /);
      expect(msg).toMatch(/DATABASE_URL: must start with postgres:\/\//);
      expect(msg).toMatch(/PUBLIC_URL: must be an absolute URL/);
      expect(msg).toMatch(/SEED_PASSWORD: must be 6 to 20 letters/);
      expect(msg).toMatch(/DEVICE_COOKIE_SECRET: must be at least 32 characters/);
      expect(msg).not.toContain('too-short');
    }
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('is reached by the other processes at INTERNAL_URL, or where it listens', () => {
    expect(loadConfig({}).internalUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '10.0.0.5', PORT: '9000' }).internalUrl).toBe('http://10.0.0.5:9000');
    expect(loadConfig({ HOST: '::' }).internalUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ INTERNAL_URL: 'http://10.244.1.7:8080/' }).internalUrl).toBe(
      'http://10.244.1.7:8080',
    );
    expect(() => loadConfig({ INTERNAL_URL: 'not a url' })).toThrow(/INTERNAL_URL/);
  });

  it('reads TRUST_PROXY as a flag or a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('keeps files in DATA_DIR/files unless S3 is chosen', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).storage).toEqual({
      driver: 'local',
      dir: '/tmp/x/files',
    });
  });

  it('reads the S3 settings, path-style by default only with an endpoint', () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'course-files',
      S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-value-1',
    };
    expect(loadConfig(s3).storage).toEqual({
      driver: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'course-files',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-value-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'https://minio.example.edu', S3_REGION: 'cn-north-1' })
        .storage,
    ).toMatchObject({
      endpoint: 'https://minio.example.edu',
      region: 'cn-north-1',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: 'https://s3.example.edu', S3_FORCE_PATH_STYLE: 'false' })
        .storage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('names each missing or bad S3 setting without echoing the secret', () => {
    const missing = () => loadConfig({ STORAGE_DRIVER: 's3', S3_SECRET_ACCESS_KEY: 'hunter2-x' });
    expect(missing).toThrow(ConfigError);
    expect(missing).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
    expect(missing).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(missing).not.toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(missing).not.toThrow(/hunter2/);
    const bad = () =>
      loadConfig({
        STORAGE_DRIVER: 'ftp',
        S3_ENDPOINT: 'ftp://files.example.edu',
        S3_BUCKET: 'Bad_Bucket',
        S3_FORCE_PATH_STYLE: 'yes',
      });
    expect(bad).toThrow(/STORAGE_DRIVER: /);
    expect(bad).toThrow(/S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/);
    expect(bad).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(bad).toThrow(/S3_FORCE_PATH_STYLE: /);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });

  it('keeps text messages in the outbox unless an SMS gateway is configured', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    const http = {
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.edu/send',
      SMS_HTTP_TOKEN: 'sms-token-9',
      SMS_HTTP_TEMPLATE_CODE: 'SMS_001',
      SMS_HTTP_TEMPLATE_TRIAL: 'SMS_002',
    };
    expect(loadConfig(http).sms).toEqual({
      provider: 'http',
      url: 'https://sms.example.edu/send',
      token: 'sms-token-9',
      templates: { verificationCode: 'SMS_001', trialMessage: 'SMS_002' },
      timeoutMs: 10_000,
    });
    const missing = () => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_TOKEN: 'sms-token-9' });
    expect(missing).toThrow(/SMS_HTTP_URL: is required when SMS_PROVIDER=http/);
    expect(missing).toThrow(/SMS_HTTP_TEMPLATE_CODE: is required/);
    expect(missing).toThrow(/SMS_HTTP_TEMPLATE_TRIAL: is required/);
    expect(missing).not.toThrow(/sms-token-9/);
    expect(() => loadConfig({ ...http, SMS_HTTP_URL: 'ftp://sms.example.edu' })).toThrow(
      /SMS_HTTP_URL: must be an http/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_PROVIDER/);
  });

  const kube = {
    LAB_DRIVER: 'kubernetes',
    LAB_K8S_NAMESPACE: 'labs',
    LAB_K8S_GATEWAY_SELECTOR:
      'app.kubernetes.io/name=lab-platform,app.kubernetes.io/instance=campus',
    KUBECONFIG: '/etc/platform/kubeconfig',
  };

  it('runs labs locally unless LAB_DRIVER=kubernetes', () => {
    expect(loadConfig({}).labDriver).toEqual({ kind: 'local' });
    expect(loadConfig({ LAB_DRIVER: 'local' }).labDriver).toEqual({ kind: 'local' });
    expect(() => loadConfig({ LAB_DRIVER: 'docker' })).toThrow(/LAB_DRIVER: /);
  });

  it('reads the Kubernetes driver settings', () => {
    expect(loadConfig(kube).labDriver).toEqual({
      kind: 'kubernetes',
      namespace: 'labs',
      images: { terminal: undefined, jupyter: undefined, iot: undefined },
      gatewaySelector: 'app.kubernetes.io/name=lab-platform,app.kubernetes.io/instance=campus',
      gatewayNamespace: undefined,
      mqtt: null,
      storageClass: undefined,
      kubeconfig: '/etc/platform/kubeconfig',
    });
    const full = loadConfig({
      ...kube,
      KUBECONFIG: '',
      KUBERNETES_SERVICE_HOST: '10.0.0.1',
      LAB_K8S_IMAGE_TERMINAL: 'registry.example.com/lab-terminal:0.1.0',
      LAB_K8S_IMAGE_JUPYTER: 'registry.example.com/lab-jupyter:0.1.0',
      LAB_K8S_IMAGE_IOT: 'registry.example.com/lab-iot-shell@sha256:abc',
      LAB_K8S_GATEWAY_NAMESPACE: 'platform',
      LAB_K8S_MQTT_HOST: 'mosquitto.mqtt.svc.cluster.local',
      LAB_K8S_MQTT_PORT: '8883',
      LAB_K8S_MQTT_SELECTOR: 'app=mosquitto',
      LAB_K8S_MQTT_NAMESPACE: 'mqtt',
      LAB_K8S_STORAGE_CLASS: 'fast-ssd',
      MQTT_URL: 'mqtt://mosquitto.mqtt.svc.cluster.local:8883',
    }).labDriver;
    expect(full).toMatchObject({
      images: {
        terminal: 'registry.example.com/lab-terminal:0.1.0',
        jupyter: 'registry.example.com/lab-jupyter:0.1.0',
        iot: 'registry.example.com/lab-iot-shell@sha256:abc',
      },
      gatewayNamespace: 'platform',
      mqtt: {
        host: 'mosquitto.mqtt.svc.cluster.local',
        port: 8883,
        selector: 'app=mosquitto',
        namespace: 'mqtt',
      },
      storageClass: 'fast-ssd',
      kubeconfig: undefined,
    });
    expect(
      loadConfig({ ...kube, LAB_K8S_MQTT_HOST: '10.2.0.0/16', MQTT_URL: 'mqtt://10.2.0.5' })
        .labDriver,
    ).toMatchObject({ mqtt: { host: '10.2.0.0/16', port: 1883, selector: undefined } });
  });

  it('names each missing or bad Kubernetes setting', () => {
    const missing = () => loadConfig({ LAB_DRIVER: 'kubernetes' });
    expect(missing).toThrow(/LAB_K8S_NAMESPACE: is required when LAB_DRIVER=kubernetes/);
    expect(missing).toThrow(/LAB_K8S_GATEWAY_SELECTOR: is required when LAB_DRIVER=kubernetes/);
    expect(missing).toThrow(/KUBECONFIG: is required when LAB_DRIVER=kubernetes outside a cluster/);
    const bad = () =>
      loadConfig({
        ...kube,
        LAB_K8S_NAMESPACE: 'Labs_1',
        LAB_K8S_GATEWAY_SELECTOR: 'app',
        LAB_K8S_GATEWAY_NAMESPACE: 'kubernetes.io/metadata.name=platform',
        LAB_K8S_IMAGE_TERMINAL: 'lab terminal',
        LAB_K8S_MQTT_PORT: '0',
        LAB_K8S_MQTT_SELECTOR: 'app=',
        LAB_K8S_STORAGE_CLASS: 'Fast SSD',
      });
    expect(bad).toThrow(/LAB_K8S_NAMESPACE: must be a Kubernetes namespace name/);
    expect(bad).toThrow(/LAB_K8S_GATEWAY_SELECTOR: must be labels like/);
    expect(bad).toThrow(/LAB_K8S_GATEWAY_NAMESPACE: must be a Kubernetes namespace name/);
    expect(bad).toThrow(/LAB_K8S_IMAGE_TERMINAL: must be an image reference/);
    expect(bad).toThrow(/LAB_K8S_MQTT_PORT: /);
    expect(bad).toThrow(/LAB_K8S_STORAGE_CLASS: must be a storage class name/);
    expect(() => loadConfig({ ...kube, LAB_K8S_MQTT_SELECTOR: 'app=mosquitto,=x' })).toThrow(
      /LAB_K8S_MQTT_SELECTOR: must be labels/,
    );
    expect(() =>
      loadConfig({ ...kube, LAB_K8S_MQTT_HOST: 'mosquitto.mqtt', MQTT_URL: 'mqtt://mosquitto' }),
    ).toThrow(/LAB_K8S_MQTT_SELECTOR: is required when LAB_K8S_MQTT_HOST names a host/);
    expect(() => loadConfig({ ...kube, LAB_K8S_MQTT_HOST: '10.2.0.5' })).toThrow(
      /MQTT_URL: is required when LAB_K8S_MQTT_HOST is set/,
    );
  });

  it('reads the dynamic security client, never echoing its password', () => {
    expect(loadConfig({}).mqttDynsec).toBeNull();
    expect(
      loadConfig({
        MQTT_URL: 'mqtt://broker:1883',
        MQTT_DYNSEC_USERNAME: 'platform-admin',
        MQTT_DYNSEC_PASSWORD: 'Dynsec_pw_77',
      }).mqttDynsec,
    ).toEqual({ username: 'platform-admin', password: 'Dynsec_pw_77' });
    const noUrl = () =>
      loadConfig({ MQTT_DYNSEC_USERNAME: 'platform-admin', MQTT_DYNSEC_PASSWORD: 'Dynsec_pw_77' });
    expect(noUrl).toThrow(/MQTT_URL: is required when MQTT dynamic security is configured/);
    expect(noUrl).not.toThrow(/Dynsec_pw_77/);
    const noUser = () =>
      loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_DYNSEC_PASSWORD: 'Dynsec_pw_77' });
    expect(noUser).toThrow(/MQTT_DYNSEC_USERNAME: is required/);
    expect(noUser).not.toThrow(/Dynsec_pw_77/);
    expect(() =>
      loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_DYNSEC_USERNAME: 'platform-admin' }),
    ).toThrow(/MQTT_DYNSEC_PASSWORD: is required/);
  });
});
