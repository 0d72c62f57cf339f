// Inside a lab: 127.0.0.1:1883 leads to the lab's MQTT namespace through a socket the
// platform mounts at /run/platform/mqtt.sock. The lab has no other network.
import net from 'node:net';

const socketPath = process.env.LAB_MQTT_SOCKET ?? '/run/platform/mqtt.sock';
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.pipe(upstream).pipe(client);
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
});
server.listen(1883, '127.0.0.1');
