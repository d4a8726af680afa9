// Package v1beta1 holds the Pool kind at v1beta1, the hub version: the one every other version
// converts through, and the version the CRD stores.
package v1beta1

import (
	"encoding/json"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group and version of this package's kinds.
var GroupVersion = schema.GroupVersion{Group: "takeover.crdconv.dev", Version: "v1beta1"}

// PoolSpec is what a Pool asks for. Replicas was called size in v1alpha1; Paused has no place there.
type PoolSpec struct {
	Replicas int32              `json:"replicas,omitempty"`
	Image    string             `json:"image,omitempty"`
	Memory   *resource.Quantity `json:"memory,omitempty"`
	Paused   bool               `json:"paused,omitempty"`
}

// PoolStatus is what the Pool's controller saw last.
type PoolStatus struct {
	ReadyReplicas int32  `json:"readyReplicas,omitempty"`
	Phase         string `json:"phase,omitempty"`
	Message       string `json:"message,omitempty"`
	// LastTransitionTime is written back in whole seconds, as every metav1.Time.
	LastTransitionTime *metav1.Time `json:"lastTransitionTime,omitempty"`
}

// Pool is the hub version of the kind.
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   PoolSpec   `json:"spec,omitempty"`
	Status PoolStatus `json:"status,omitempty"`
}

// Hub marks this version as the one the other versions convert through.
func (*Pool) Hub() {}

// DeepCopyObject copies the Pool through its JSON form (no generated deep-copy code here).
func (in *Pool) DeepCopyObject() runtime.Object {
	out := &Pool{}
	data, err := json.Marshal(in)
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}

// AddToScheme registers the kind of this version.
func AddToScheme(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion, &Pool{})
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
