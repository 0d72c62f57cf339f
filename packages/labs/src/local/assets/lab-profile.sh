# Shell start-up of a lab. Sourced by bash as its rc file.
[ -f /etc/bash.bashrc ] && . /etc/bash.bashrc
PS1='\[\e[32m\]lab\[\e[0m\]:\[\e[34m\]\w\[\e[0m\]\$ '
if [ -n "$MQTT_USERNAME" ]; then
  alias lab-sub='mosquitto_sub -h "$MQTT_HOST" -p "$MQTT_PORT" -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -v -t'
  alias lab-pub='mosquitto_pub -h "$MQTT_HOST" -p "$MQTT_PORT" -u "$MQTT_USERNAME" -P "$MQTT_PASSWORD" -t'
fi
[ -f "$HOME/.bashrc" ] && . "$HOME/.bashrc"
