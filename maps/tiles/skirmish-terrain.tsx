<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="skirmish-terrain" tilewidth="32" tileheight="32" tilecount="8" columns="8">
 <image source="skirmish-terrain.png" width="256" height="32"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="floor"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="difficult"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="shallow-water"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="deep-water"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="low-wall"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="arrow-slit"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="terrain" value="cliff"/>
   </properties>
  </tile>
</tileset>
